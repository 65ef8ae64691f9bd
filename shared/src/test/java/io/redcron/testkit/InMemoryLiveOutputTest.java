package io.redcron.testkit;

import io.redcron.port.LiveOutput;

class InMemoryLiveOutputTest extends LiveOutputContract {
    @Override
    protected LiveOutput liveOutput() {
        return new InMemoryLiveOutput();
    }
}
