package web

import (
	"net/http"

	mdl "explorer/models"
	"explorer/views/models"

	"github.com/gofiber/fiber/v2"
)

// The forms of a model's page besides the structure (model_editor.go):
// ignored terms, title, sharing, delete. Each
// answers the model's section (htmx) or page, with a notice or the error.

func (s *server) saveIgnoreTerms(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	based, err := basedOn(c)
	if err == nil {
		terms := splitTerms(c.FormValue("terms"))
		_, err = s.models.UpdateModel(ctx(c), id, mdl.ModelInput{IgnoreTerms: &terms, BasedOn: basedList(based)})
	}
	if err != nil {
		return s.editorRefused(c, id, err, nil)
	}
	return s.modelAnswer(c, id, "Ignored terms saved.", nil)
}

// basedList is the condition of an update based on t (none for zero).
func basedList(t mdl.VersionTag) []mdl.VersionTag {
	if t.Version == 0 {
		return nil
	}
	return []mdl.VersionTag{t}
}

func (s *server) renameModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	if _, err := s.models.RenameModel(ctx(c), id, c.FormValue("title")); err != nil {
		return s.editorRefused(c, id, err, nil)
	}
	if !isHTMX(c) {
		return s.modelAnswer(c, id, "Title saved.", nil)
	}
	v, err := s.modelView(c, id, 0)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, models.TitleAnswer(v, "Title saved."))
}

func (s *server) shareModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	to := c.FormValue("userId")
	inv, err := s.models.ShareModel(ctx(c), id, to, c.FormValue("rights"))
	if err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	who := inv.Recipient.UserID
	return s.modelAnswer(c, id, "Invitation sent to "+who+"."+deliveryNote(inv.Delivery, who), nil)
}

func (s *server) revokeInvitation(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	inv, err := param(c, "inv")
	if err != nil {
		return err
	}
	if err := s.models.RevokeModelInvitation(ctx(c), id, inv); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Invitation revoked.", nil)
}

func (s *server) removeAccess(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	access, err := param(c, "access")
	if err != nil {
		return err
	}
	if err := s.models.RemoveModelAccess(ctx(c), id, access); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return s.modelAnswer(c, id, "Access removed.", nil)
}

func (s *server) deleteModel(c *fiber.Ctx) error {
	id, err := param(c, "id")
	if err != nil {
		return err
	}
	if err := s.models.DeleteModel(ctx(c), id); err != nil {
		return s.modelAnswer(c, id, "", err)
	}
	return redirect(c, "/models")
}
