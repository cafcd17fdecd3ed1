package models

import explorer "explorer"

// ModelState is what a model answer holds but its structure and sharing:
// with the version tag (which names the structure) and the sharing stamp
// (which changes with every change of the accesses and invitations) it
// tells whether the answer changed. Usernames, the owner, the type and
// the language of a model never change.
type ModelState struct {
	explorer.ModelInfo
	Tag          VersionTag
	SharingStamp int64
}

// State is the model's ModelState.
func (m *Model) State() ModelState {
	return ModelState{ModelInfo: m.ModelInfo, Tag: m.Tag(), SharingStamp: m.SharingStamp}
}
