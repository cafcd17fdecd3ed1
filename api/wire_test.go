package api_test

import explorer "explorer"

// The tests read v1 answers into the types below, written from the
// OpenAPI document rather than taken from the root (whose types carry
// no JSON tags and hold times as time.Time): times are Unix epoch
// milliseconds. Field names follow the root's, so that a test compares
// them with what the Service holds; member names match them case
// insensitively, as encoding/json reads them.

type wireUser struct {
	UserID string `json:"userId"`
}

type wireModelInfo struct {
	ID        int64    `json:"id"`
	Title     *string  `json:"title"`
	Created   int64    `json:"created"`
	CreatedBy wireUser `json:"createdBy"`
	Type      string   `json:"type"`
	Outdated  bool     `json:"outdated"`
	Language  string   `json:"language"`
}

type wireModel struct {
	wireModelInfo
	Groups                []explorer.Group      `json:"groups"`
	UsersAccess           []wireAccess          `json:"usersAccess"`
	Invitations           []wireInvitation      `json:"invitations"`
	IgnoreTerms           []explorer.IgnoreTerm `json:"ignoreTerms"`
	IgnoreTermsDictionary map[string]string     `json:"ignoreTermsDictionary"`
}

type wireAccess struct {
	ID      int64    `json:"id"`
	Rights  string   `json:"rights"`
	Created int64    `json:"created"`
	User    wireUser `json:"user"`
}

type wireInvitation struct {
	ID        int64          `json:"id"`
	Created   int64          `json:"created"`
	Model     *wireModelInfo `json:"model"`
	Rights    string         `json:"rights"`
	Recipient wireUser       `json:"recipient"`
}

type wireVersion struct {
	Version   int       `json:"version"`
	Created   int64     `json:"created"`
	CreatedBy *wireUser `json:"createdBy"`
}

type wireModelProjects struct {
	MasterProject     *wireProject  `json:"masterProject"`
	DependentProjects []wireProject `json:"dependentProjects"`
}
