-- The tasks screen sorts and groups by owner: read in the index's order, a page costs the same
-- with a hundred tasks in the namespace as with a million, like the sorts by name and group.
ALTER TABLE task
    ADD KEY ix_task_owner (namespace, owner, name);
