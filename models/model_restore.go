package models

import (
	"context"
	"fmt"

	"explorer"
)

// RestoreModelVersion saves the structure of one of a model's versions
// (groups, topics with their ids and dictionaries, ignore terms) as a new
// version, with the rights, lock and rules of UpdateModel: the caller
// needs READ_WRITE, a DYNAMIC model becomes outdated. The ids come back as
// they were (ids are never handed out twice, so they still name the same
// groups and topics). When the current version already holds that
// structure no version is made and created is false.
func (s *Service) RestoreModelVersion(ctx context.Context, id int64, version int) (m *Model, created bool, err error) {
	u, err := explorer.ActiveActor(ctx)
	if err != nil {
		return nil, false, err
	}
	var (
		rec  *ModelRecord
		next *explorer.Structure
	)
	err = s.root.InTx(ctx, func(ctx context.Context) error {
		m, err := s.lockWritableModel(ctx, u, id)
		if err != nil {
			return err
		}
		rec = m
		if version < 1 || version > m.Version {
			return explorer.Errorf(explorer.ENOTFOUND, "model %d has no version %d", id, version)
		}
		old, err := s.StoredVersion(ctx, m, version)
		if err != nil {
			return err
		}
		cur, err := s.StoredVersion(ctx, m, m.Version)
		if err != nil {
			return err
		}
		if SameStructure(cur, old) {
			return nil
		}
		// Counters only grow: an older version's ids are all below them.
		c, ignore := MaxIDs(old)
		m.NextGroupID, m.NextTopicID = max(m.NextGroupID, c.Group), max(m.NextTopicID, c.Topic)
		m.NextIgnoreTermID = max(m.NextIgnoreTermID, ignore)
		if err := s.addVersion(ctx, u, m, old, false, s.clock.Now()); err != nil {
			return err
		}
		next = old
		return s.audit(ctx, explorer.ActionModelRestore, explorer.ModelTarget(id), fmt.Sprintf("version %d as version %d", version, m.Version))
	})
	if err != nil {
		return nil, false, err
	}
	if next != nil {
		s.rememberVersion(currentKey(rec), next)
	}
	m, err = s.modelAt(ctx, rec, rec.Version)
	return m, next != nil, err
}
