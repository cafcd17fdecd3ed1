package web

import (
	"net/http"

	explorer "explorer"
	"explorer/views/backup"

	"github.com/gofiber/fiber/v2"
)

// backupRoutes registers the admin page that downloads a backup.
func (s *server) backupRoutes(r fiber.Router) {
	r.Get("/backup", s.backupPage)
	r.Post("/backup", s.downloadBackup)
}

func (s *server) backupPage(c *fiber.Ctx) error {
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	return render(c, http.StatusOK, backup.Page(backup.BackupView{Page: page(c, "Backup", "backup")}))
}

// downloadBackup streams a fresh copy of the database; its temporary file
// is removed once sent (Backup.Close).
func (s *server) downloadBackup(c *fiber.Ctx) error {
	if err := s.requireAdminPage(c); err != nil {
		return err
	}
	b, err := s.backups.Backup(ctx(c))
	if err != nil {
		if formStatus(err) == http.StatusInternalServerError {
			return err
		}
		v := backup.BackupView{Page: page(c, "Backup", "backup"), Error: explorer.ErrorMessage(err)}
		return render(c, formStatus(err), backup.Page(v))
	}
	c.Set(fiber.HeaderContentType, "application/vnd.sqlite3")
	c.Attachment(b.Name)
	return c.SendStream(b, int(b.Size))
}
