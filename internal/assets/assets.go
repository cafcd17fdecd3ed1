// Package assets names the embedded files of the pages (CSS, scripts,
// icons) by their content: "js/htmx.min.js" is served as
// /assets/js/htmx.min.<hash>.js, which never changes, so browsers may keep
// it for good. The names are computed once, at first use, from the
// embedded files; each file's compressed forms are made once, at its
// first request in that coding.
package assets

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"path"
	"strings"
	"sync"

	explorer "explorer"
	"explorer/internal/contentcoding"
)

// File is one embedded asset.
type File struct {
	// Name is the path under assets/ ("js/app.js"); Fingerprinted the
	// same with the content's hash before the extension.
	Name, Fingerprinted string
	// Hash is the hex of the content's SHA-256, cut to 12 digits.
	Hash        string
	ContentType string
	Data        []byte

	mu      sync.Mutex
	encoded map[string][]byte
}

type set struct {
	byName map[string]*File
	byURL  map[string]*File // Name and Fingerprinted
}

var load = sync.OnceValue(func() *set {
	s := &set{byName: map[string]*File{}, byURL: map[string]*File{}}
	root, err := fs.Sub(explorer.Assets, "assets")
	if err != nil {
		panic(err)
	}
	err = fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(root, p)
		if err != nil {
			return err
		}
		f := newFile(p, data)
		s.byName[f.Name] = f
		s.byURL[f.Name] = f
		s.byURL[f.Fingerprinted] = f
		return nil
	})
	if err != nil {
		panic(err) // the files are embedded: this cannot fail at run time
	}
	return s
})

func newFile(name string, data []byte) *File {
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:6])
	ext := path.Ext(name)
	ct := mime.TypeByExtension(ext)
	if ct == "" {
		ct = "application/octet-stream"
	}
	return &File{Name: name, Fingerprinted: strings.TrimSuffix(name, ext) + "." + hash + ext,
		Hash: hash, ContentType: ct, Data: data, encoded: map[string][]byte{}}
}

// Path is the fingerprinted URL of the asset name ("js/htmx.min.js" →
// "/assets/js/htmx.min.3f9c2e1a0b4d.js"). An unknown name panics: the
// names are the templates' constants, and a test renders every page.
func Path(name string) string {
	f, ok := load().byName[name]
	if !ok {
		panic("no embedded asset " + name)
	}
	return "/assets/" + f.Fingerprinted
}

// Lookup finds the asset of a URL path under /assets/: its plain or its
// fingerprinted name; fingerprinted says which.
func Lookup(urlPath string) (f *File, fingerprinted bool) {
	f = load().byURL[urlPath]
	return f, f != nil && urlPath == f.Fingerprinted
}

// Encoded is the file's content in coding, compressed once at the
// strongest level; nil when that would not make it smaller or the type
// does not compress (then the file is sent as it is).
func (f *File) Encoded(coding string) []byte {
	if !contentcoding.Compressible(f.ContentType) {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.encoded[coding]
	if !ok {
		b = contentcoding.Encode(coding, f.Data, true)
		if len(b) >= len(f.Data) {
			b = nil
		}
		f.encoded[coding] = b
	}
	return b
}
