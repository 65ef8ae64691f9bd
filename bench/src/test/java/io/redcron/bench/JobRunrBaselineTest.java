package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class JobRunrBaselineTest {

    @Test
    void recurringJobsAreSpreadOverTheSecondsOfTheirInterval() {
        assertThat(IntStream.range(0, 6).mapToObj(JobRunrBaseline::cron)).containsExactly(
                "0/5 * * * * *", "1/5 * * * * *", "2/5 * * * * *", "3/5 * * * * *", "4/5 * * * * *", "0/5 * * * * *");
    }
}
