package io.redcron.testkit;

import io.redcron.port.DeadLetters;

class InMemoryDeadLettersTest extends DeadLettersContract {
    @Override
    protected DeadLetters deadLetters() {
        return new InMemoryDeadLetters();
    }
}
