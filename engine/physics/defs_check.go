package physics

// Check reports why a world would refuse d as a body or a shot (nil when it
// would accept it): a replay refuses a recorded shot the step would
// silently skip, before anything runs.
func (d BodyDef) Check() error {
	_, err := d.validate()
	return err
}
