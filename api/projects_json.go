package api

import explorer "explorer"

// projectInfo is a project as the model answers of /v1 show it.
type projectInfo struct {
	ID int64 `json:"id"`
	// Rows is the number of verbatims.
	Rows          int                      `json:"rows"`
	Created       int64                    `json:"created"`
	Encoding      string                   `json:"encoding"`
	Title         string                   `json:"title"`
	Status        string                   `json:"status"`
	StatusMessage string                   `json:"statusMessage"`
	Headers       []explorer.ProjectHeader `json:"headers"`
	// Model is the model applied to the project, null when none.
	Model     *explorer.ModelInfo `json:"model"`
	CreatedBy explorer.UserRef    `json:"createdBy"`
}

// modelProjects is the answer of GET /models/{id}/projects.
type modelProjects struct {
	MasterProject     *projectInfo  `json:"masterProject"`
	DependentProjects []projectInfo `json:"dependentProjects"`
}

func projectInfoAnswer(p explorer.ProjectInfo) projectInfo {
	return projectInfo{
		ID: p.ID, Rows: p.Rows, Created: p.Created, Encoding: p.Encoding, Title: p.Title,
		Status: p.Status, StatusMessage: p.StatusMessage, Headers: nonNil(p.Headers),
		Model: p.Model, CreatedBy: p.CreatedBy,
	}
}

func modelProjectsAnswer(p *explorer.ModelProjects) modelProjects {
	out := modelProjects{DependentProjects: make([]projectInfo, 0, len(p.DependentProjects))}
	if p.MasterProject != nil {
		m := projectInfoAnswer(*p.MasterProject)
		out.MasterProject = &m
	}
	for _, d := range p.DependentProjects {
		out.DependentProjects = append(out.DependentProjects, projectInfoAnswer(d))
	}
	return out
}
