package io.redcron.testkit;

import io.redcron.port.FailingTasks;

class InMemoryFailingTasksTest extends FailingTasksContract {
    @Override
    protected FailingTasks failingTasks() {
        return new InMemoryFailingTasks();
    }
}
