package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a batch's acknowledgements mean for its rows: an account's rows are never marked sent past a failure. */
class OutboxSettleTest {

    private static final Throwable TIMEOUT = new IllegalStateException("Expiring 1 record(s): timeout");

    private static OutboxRelay.Row row(long seq, String account) {
        return new OutboxRelay.Row(seq, account, "kittest.events", "{}", null);
    }

    private static List<Throwable> acks(Throwable... failures) {
        return new ArrayList<>(Arrays.asList(failures));
    }

    @Test
    void everyAcknowledgedRowIsSent() {
        OutboxRelay.Sent result = OutboxRelay.settle(List.of(row(1, "a"), row(2, "b"), row(3, "a")),
                acks(null, null, null));
        assertThat(result.sent()).containsExactly(1L, 2L, 3L);
        assertThat(result.failed()).isEmpty();
        assertThat(result.heldBack()).isEmpty();
        assertThat(result.error()).isNull();
    }

    @Test
    void anAccountsRowsAfterAFailedOneAreHeldBackEvenWhenAcknowledged() {
        OutboxRelay.Sent result = OutboxRelay.settle(
                List.of(row(1, "a"), row(2, "a"), row(3, "a"), row(4, "a")),
                acks(null, TIMEOUT, null, null));
        assertThat(result.sent()).containsExactly(1L);
        assertThat(result.failed()).containsExactly(2L);
        assertThat(result.heldBack()).containsExactly(3L, 4L);
        assertThat(result.error()).isEqualTo("Expiring 1 record(s): timeout");
    }

    @Test
    void aFailureHoldsBackOnlyItsOwnAccount() {
        OutboxRelay.Sent result = OutboxRelay.settle(
                List.of(row(1, "a"), row(2, "b"), row(3, "a"), row(4, "b"), row(5, "c")),
                acks(TIMEOUT, null, null, null, null));
        assertThat(result.sent()).containsExactly(2L, 4L, 5L);
        assertThat(result.failed()).containsExactly(1L);
        assertThat(result.heldBack()).containsExactly(3L);
    }

    @Test
    void laterFailuresOfAnAccountAreFailedAndTheFirstErrorIsKept() {
        Throwable refused = new IllegalStateException("NOT_ENOUGH_REPLICAS");
        OutboxRelay.Sent result = OutboxRelay.settle(
                List.of(row(1, "a"), row(2, "b"), row(3, "a"), row(4, "b")),
                acks(refused, null, TIMEOUT, TIMEOUT));
        assertThat(result.sent()).containsExactly(2L);
        assertThat(result.failed()).containsExactly(1L, 3L, 4L);
        assertThat(result.heldBack()).isEmpty();
        assertThat(result.error()).isEqualTo("NOT_ENOUGH_REPLICAS");
    }

    @Test
    void rowsBeforeTheFailureOfTheirAccountAreSent() {
        OutboxRelay.Sent result = OutboxRelay.settle(List.of(row(1, "a"), row(2, "a"), row(3, "a")),
                acks(null, null, TIMEOUT));
        assertThat(result.sent()).containsExactly(1L, 2L);
        assertThat(result.failed()).containsExactly(3L);
        assertThat(result.heldBack()).isEmpty();
    }
}
