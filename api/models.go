package api

import (
	"io"
	"math"
	"mime/multipart"
	"strings"

	explorer "explorer"
	"explorer/internal/tablefile"
	"explorer/models"

	"github.com/gofiber/fiber/v2"
)

// modelsRoutes registers the models operations.
func (h *handler) modelsRoutes(r fiber.Router) {
	r.Get("/models", h.listModels)
	r.Post("/models", h.uploadModel)
	r.Post("/models/create", h.createModel)
	r.Get("/models/invitations", h.modelInvitations)
	r.Put("/models/invitations/:invitationId/accept", h.acceptModelInvitation)
	r.Put("/models/invitations/:invitationId/reject", h.rejectModelInvitation)
	r.Get("/models/:id", h.getModel)
	r.Put("/models/:id", h.updateModel)
	r.Delete("/models/:id", h.deleteModel)
	r.Get("/models/:id/projects", h.modelProjects)
	r.Post("/models/:id/share", h.shareModel)
	r.Get("/models/:id/versions", h.modelVersions)
	r.Get("/models/:id/versions/:version", h.modelVersion)
	r.Post("/models/:id/versions/:version/restore", h.restoreModelVersion)
	r.Get("/models/:id/export", h.exportModel)
	r.Delete("/models/:id/invitations/:invitationId", h.revokeModelInvitation)
	r.Delete("/models/:id/userRights/:accessId", h.removeModelAccess)
}

// sendModel answers a Model. Its structure is encoded once per content,
// so the answer is written as encoded rather than through c.JSON, which
// would scan it again.
func (h *handler) sendModel(c *fiber.Ctx, status int, m *models.Model) error {
	c.Status(status).Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	if err := h.writeModel(c, m); err != nil {
		c.Response().ResetBody()
		return explorer.Internal(err)
	}
	return nil
}

func (h *handler) listModels(c *fiber.Ctx) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, more, err := h.models.ModelsPage(c.UserContext(), page)
	if err != nil {
		return err
	}
	return sendList(c, page, more, mapSlice(list, toModelInfo))
}

// uploadedTable reads a multipart/form-data body (what names it in the
// errors) and its table in the part file (named by the part fileName when
// given), decoded with the query parameter encoding.
func uploadedTable(c *fiber.Ctx, what string) (*multipart.Form, tablefile.File, io.Closer, error) {
	if !strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), fiber.MIMEMultipartForm) {
		return nil, tablefile.File{}, nil, explorer.Errorf(explorer.EUNSUPPORTED, "%s must be multipart/form-data with the file in the part file", what)
	}
	form, err := c.MultipartForm()
	if err != nil {
		return nil, tablefile.File{}, nil, explorer.Invalid("the multipart/form-data body cannot be read")
	}
	file, closer, err := tablefile.FromForm(form, "file", c.Query("encoding"))
	return form, file, closer, err
}

// uploadModel reads the multipart part file (named by the part fileName
// when given) and the query parameters title, encoding and language.
func (h *handler) uploadModel(c *fiber.Ctx) error {
	form, file, closer, err := uploadedTable(c, "the upload")
	if err != nil {
		return err
	}
	defer closer.Close()
	var title *string
	if t := c.Query("title"); t != "" {
		title = &t
	} else if v := form.Value["title"]; len(v) > 0 {
		title = &v[0]
	}
	m, err := h.models.UploadModel(c.UserContext(), models.UploadModelInput{Title: title, Language: c.Query("language"), File: file})
	if err != nil {
		return err
	}
	return h.sendModel(c, fiber.StatusCreated, m)
}

func (h *handler) createModel(c *fiber.Ctx) error {
	projectID, ok, err := queryInt(c, "projectId")
	if err != nil {
		return err
	}
	if !ok || projectID < 1 {
		return explorer.Invalid("query parameter projectId is required and must be at least 1", explorer.FieldError{Field: "projectId", Message: "is required and must be at least 1"})
	}
	var in modelUpdateJSON
	if err := decodeJSON(c, &in, true); err != nil {
		return err
	}
	m, err := h.models.CreateModelFromProject(c.UserContext(), projectID, models.ModelUpdate(in))
	if err != nil {
		return err
	}
	return h.sendModel(c, fiber.StatusCreated, m)
}

func (h *handler) modelInvitations(c *fiber.Ctx) error {
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, more, err := h.models.ModelInvitationsPage(c.UserContext(), page)
	if err != nil {
		return err
	}
	return sendList(c, page, more, mapSlice(list, toModelInvitation))
}

func (h *handler) acceptModelInvitation(c *fiber.Ctx) error {
	id, err := pathID(c, "invitationId")
	if err != nil {
		return err
	}
	if err := h.models.AcceptModelInvitation(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) rejectModelInvitation(c *fiber.Ctx) error {
	id, err := pathID(c, "invitationId")
	if err != nil {
		return err
	}
	if err := h.models.RejectModelInvitation(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// getModel answers a model. A conditional request is decided first from
// the model's state alone (one read of its row): a 304 builds and
// encodes nothing.
func (h *handler) getModel(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if c.Get(fiber.HeaderIfNoneMatch) != "" {
		st, err := h.models.ModelState(c.UserContext(), id)
		if err != nil {
			return err
		}
		if etag := modelETag(*st); notModified(c, etag) {
			return sendNotModified(c, etag)
		}
	}
	m, err := h.models.Model(c.UserContext(), id)
	if err != nil {
		return err
	}
	return h.sendModelTagged(c, fiber.StatusOK, m, true)
}

// setModelETag sets the answer's ETag to the model's (modelETag).
func setModelETag(c *fiber.Ctx, m *models.Model) {
	c.Set(fiber.HeaderETag, modelETag(m.State()))
}

// sendModelTagged answers a model with its entity tag (modelETag), or 304
// when conditional and the request's If-None-Match matches it.
func (h *handler) sendModelTagged(c *fiber.Ctx, status int, m *models.Model, conditional bool) error {
	etag := modelETag(m.State())
	if conditional && notModified(c, etag) {
		return sendNotModified(c, etag)
	}
	head, err := modelHead(m)
	if err != nil {
		return explorer.Internal(err)
	}
	c.Set(fiber.HeaderETag, etag)
	c.Status(status).Set(fiber.HeaderContentType, fiber.MIMEApplicationJSON)
	if err := h.writeModelHead(c, m, head); err != nil {
		c.Response().ResetBody()
		return explorer.Internal(err)
	}
	return nil
}

func (h *handler) updateModel(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	var in models.ModelInput
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	in.BasedOn = ifMatchVersions(c)
	m, err := h.models.UpdateModel(c.UserContext(), id, in)
	if err != nil {
		return preconditionFailed(err)
	}
	setModelETag(c, m)
	return noContentOr(c, func() (any, error) { return toModel(m), nil })
}

func (h *handler) deleteModel(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	if err := h.models.DeleteModel(c.UserContext(), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) modelProjects(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := h.models.ModelProjects(c.UserContext(), id)
	if err != nil {
		return err
	}
	return c.JSON(modelProjectsAnswer(p))
}

func (h *handler) shareModel(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	inv, err := h.models.ShareModel(c.UserContext(), id, c.Query("userId"), c.Query("rights"))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(toModelInvitation(*inv))
}

func (h *handler) modelVersions(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	page, err := listPage(c)
	if err != nil {
		return err
	}
	list, more, err := h.models.ModelVersionsPage(c.UserContext(), id, page)
	if err != nil {
		return err
	}
	return sendList(c, page, more, mapSlice(list, toModelVersion))
}

// pathVersion reads the path's model id and version. No model has more
// versions than an int32 holds: a larger number is cut to that, and the
// service answers 404 after checking that the caller sees the model.
func pathVersion(c *fiber.Ctx) (int64, int, error) {
	id, err := pathID(c, "id")
	if err != nil {
		return 0, 0, err
	}
	version, err := pathID(c, "version")
	if err != nil {
		return 0, 0, err
	}
	return id, int(min(version, math.MaxInt32)), nil
}

func (h *handler) modelVersion(c *fiber.Ctx) error {
	id, version, err := pathVersion(c)
	if err != nil {
		return err
	}
	m, err := h.models.ModelVersion(c.UserContext(), id, version)
	if err != nil {
		return err
	}
	return h.sendModelTagged(c, fiber.StatusOK, m, true)
}

// restoreModelVersion answers 201 with the model when the restore made a
// version, 200 when the current version already held that structure.
func (h *handler) restoreModelVersion(c *fiber.Ctx) error {
	id, version, err := pathVersion(c)
	if err != nil {
		return err
	}
	m, created, err := h.models.RestoreModelVersion(c.UserContext(), id, version)
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return h.sendModelTagged(c, status, m, false)
}

func (h *handler) revokeModelInvitation(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	inv, err := pathID(c, "invitationId")
	if err != nil {
		return err
	}
	if err := h.models.RevokeModelInvitation(c.UserContext(), id, inv); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) removeModelAccess(c *fiber.Ctx) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	access, err := pathID(c, "accessId")
	if err != nil {
		return err
	}
	if err := h.models.RemoveModelAccess(c.UserContext(), id, access); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
