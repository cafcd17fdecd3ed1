// Command pbapp is a PocketBase application for the side-by-side bench
// (tools/pbside): PocketBase as a Go framework, unchanged, with its gzip
// middleware on (PocketBase leaves it off unless the application binds
// apis.Gzip, which this one does for every route). Run it as PocketBase:
//
//	pbapp superuser upsert EMAIL PASSWORD --dir DIR
//	pbapp serve --http 127.0.0.1:PORT --dir DIR
package main

import (
	"log"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

func main() {
	app := pocketbase.New()
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(apis.Gzip())
		return se.Next()
	})
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
