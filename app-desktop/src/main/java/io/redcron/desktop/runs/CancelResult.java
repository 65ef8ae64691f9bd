package io.redcron.desktop.runs;

import io.redcron.domain.Run;

/** How a cancel request ended, with the run as it is now. */
record CancelResult(Outcome outcome, Run run) {
    enum Outcome {
        /** It was waiting and is now CANCELLED. */
        CANCELLED,
        /** It is running: its node was asked to stop it. */
        STOPPING,
        /** It had ended before the request; nothing changed. */
        ALREADY_ENDED
    }
}
