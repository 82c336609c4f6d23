"""Pictures: static drawings (draw), animations (animate), widgets (widgets)."""
