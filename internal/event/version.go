package event

import "context"

// Version returns the event's current version without loading its state:
// one read of one column. What is made from a version (a rendered public
// page) never changes, so a cache of it asks this first, and loads and
// decodes the event only for a version it has not made yet. Errors are
// Load's: an ID of the wrong form is ErrInvalid, no such event
// ErrNotFound.
func (s *Service) Version(ctx context.Context, id string) (int64, error) {
	if err := CheckID(id); err != nil {
		return 0, err
	}
	v, err := s.st.Version(ctx, id)
	return v, storeErr(err)
}
