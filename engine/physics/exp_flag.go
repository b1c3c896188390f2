package physics
var keyOrderExp = false
