package store

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// MigrationsDigest is a short hash of the embedded migrations (numbers,
// names and statements): two binaries with the same digest migrate an
// empty database to the same schema. Tests name a migrated template
// database by it (internal/testkit).
func MigrationsDigest() (string, error) {
	list, err := loadMigrations()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, m := range list {
		h.Write([]byte(strconv.Itoa(m.version) + "\x00" + m.name + "\x00" + m.sql + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}
