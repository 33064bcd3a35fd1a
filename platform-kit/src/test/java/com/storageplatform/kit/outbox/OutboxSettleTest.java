package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaProducerException;

/**
 * What a batch's acknowledgements mean for its rows: an account's rows are never marked sent past a pending
 * failure; a row Kafka refuses is parked at once, one failing otherwise only past both bounds, and an outage
 * never parks anything (ADR 0020).
 */
class OutboxSettleTest {

    private static final Instant NOW = Instant.parse("2026-11-24T10:00:00Z");
    private static final OutboxRelay.Parking PARKING = new OutboxRelay.Parking(10, Duration.ofMinutes(15));

    /** As the template reports a failed send: the producer's exception inside Spring's. */
    private static Throwable fromTemplate(Throwable cause) {
        return new KafkaProducerException(new ProducerRecord<>("kittest.events", "{}"), "Failed to send", cause);
    }

    private static final Throwable TIMEOUT = fromTemplate(new TimeoutException("Expiring 1 record(s): timeout"));
    private static final Throwable TOO_LARGE = fromTemplate(new RecordTooLargeException(
            "The message is 1049000 bytes when serialized which is larger than 1048576"));
    private static final Throwable BROKEN = fromTemplate(new IllegalStateException("something unexpected"));

    private static OutboxRelay.Row row(long seq, String account) {
        return row(seq, account, 0, null);
    }

    private static OutboxRelay.Row row(long seq, String account, int attempts, Instant failingSince) {
        return new OutboxRelay.Row(seq, UUID.randomUUID(), account, "kittest.created", "kittest.events", "{}", attempts,
                failingSince, null);
    }

    private static List<Throwable> acks(Throwable... failures) {
        return new ArrayList<>(Arrays.asList(failures));
    }

    private static OutboxRelay.Settlement settle(List<OutboxRelay.Row> rows, List<Throwable> failures) {
        return OutboxRelay.settle(rows, failures, PARKING, NOW);
    }

    private static List<Long> seqs(List<OutboxRelay.Failure> failures) {
        return failures.stream().map(OutboxRelay.Failure::seq).toList();
    }

    @Test
    void everyAcknowledgedRowIsSent() {
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "b"), row(3, "a")), acks(null, null, null));
        assertThat(result.sent()).containsExactly(1L, 2L, 3L);
        assertThat(result.retried()).isEmpty();
        assertThat(result.parked()).isEmpty();
        assertThat(result.heldBack()).isEmpty();
    }

    @Test
    void anAccountsRowsAfterAFailedOneAreHeldBackEvenWhenAcknowledged() {
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "a"), row(3, "a"), row(4, "a")),
                acks(null, TIMEOUT, null, null));
        assertThat(result.sent()).containsExactly(1L);
        assertThat(seqs(result.retried())).containsExactly(2L);
        assertThat(result.retried().get(0).error())
                .isEqualTo(new OutboxRelay.Error(SendFailure.OUTAGE, "TimeoutException: Expiring 1 record(s): timeout"));
        assertThat(result.heldBack()).containsExactly(3L, 4L);
    }

    @Test
    void aFailureHoldsBackOnlyItsOwnAccount() {
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "b"), row(3, "a"), row(4, "b"), row(5, "c")),
                acks(TIMEOUT, null, null, null, null));
        assertThat(result.sent()).containsExactly(2L, 4L, 5L);
        assertThat(seqs(result.retried())).containsExactly(1L);
        assertThat(result.heldBack()).containsExactly(3L);
    }

    @Test
    void eachFailedRowRecordsItsOwnError() {
        Throwable refusedReplicas = fromTemplate(new NotEnoughReplicasException("NOT_ENOUGH_REPLICAS"));
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "b"), row(3, "a"), row(4, "c")),
                acks(refusedReplicas, null, TIMEOUT, TIMEOUT));
        assertThat(result.sent()).containsExactly(2L);
        assertThat(seqs(result.retried())).containsExactly(1L, 4L);
        assertThat(result.retried()).extracting(failure -> failure.error().text())
                .containsExactly("NotEnoughReplicasException: NOT_ENOUGH_REPLICAS",
                        "TimeoutException: Expiring 1 record(s): timeout");
        assertThat(result.heldBack()).as("behind its account's failed row, whatever its own ack").containsExactly(3L);
    }

    @Test
    void rowsBeforeTheFailureOfTheirAccountAreSent() {
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "a"), row(3, "a")), acks(null, null, TIMEOUT));
        assertThat(result.sent()).containsExactly(1L, 2L);
        assertThat(seqs(result.retried())).containsExactly(3L);
        assertThat(result.heldBack()).isEmpty();
    }

    @Test
    void aRowKafkaRefusesIsParkedAtOnceAndItsAccountsLaterRowsFlowOn() {
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "a"), row(3, "b"), row(4, "a")),
                acks(null, TOO_LARGE, null, null));
        assertThat(result.sent()).containsExactly(1L, 3L, 4L);
        assertThat(seqs(result.parked())).containsExactly(2L);
        assertThat(result.parked().get(0).error().kind()).isEqualTo(SendFailure.REFUSED);
        assertThat(result.parked().get(0).error().text()).startsWith("RecordTooLargeException: The message is");
        assertThat(result.retried()).isEmpty();
        assertThat(result.heldBack()).isEmpty();
    }

    @Test
    void aRefusedRowBehindAPendingFailureIsHeldBackLikeAnyOther() {
        OutboxRelay.Settlement result = settle(List.of(row(1, "a"), row(2, "a")), acks(TIMEOUT, TOO_LARGE));
        assertThat(seqs(result.retried())).containsExactly(1L);
        assertThat(result.parked()).isEmpty();
        assertThat(result.heldBack()).containsExactly(2L);
    }

    @Test
    void anOutageNeverParksARowHoweverLongAndOftenItFailed() {
        OutboxRelay.Row old = row(1, "a", 10_000, NOW.minus(Duration.ofDays(3)));
        OutboxRelay.Settlement result = settle(List.of(old, row(2, "a")), acks(TIMEOUT, TIMEOUT));
        assertThat(result.parked()).isEmpty();
        assertThat(seqs(result.retried())).containsExactly(1L);
        assertThat(result.heldBack()).containsExactly(2L);
    }

    @Test
    void anotherFailureIsParkedOnlyOnceItIsPastBothTheAttemptsAndTheTime() {
        Instant longAgo = NOW.minus(Duration.ofMinutes(15));
        Instant lately = NOW.minus(Duration.ofMinutes(14));
        List<OutboxRelay.Row> rows = List.of(
                row(1, "a", 9, longAgo),      // the 10th attempt, failing for 15 minutes: parked
                row(2, "b", 8, longAgo),      // only the 9th attempt
                row(3, "c", 50, lately),      // failing for only 14 minutes
                row(4, "d", 50, null),        // its first failure of this kind: failing since now
                row(5, "a", 0, null));        // behind the parked row: flows on
        OutboxRelay.Settlement result = settle(rows, acks(BROKEN, BROKEN, BROKEN, BROKEN, null));
        assertThat(seqs(result.parked())).containsExactly(1L);
        assertThat(result.parked().get(0).error())
                .isEqualTo(new OutboxRelay.Error(SendFailure.OTHER, "IllegalStateException: something unexpected"));
        assertThat(seqs(result.retried())).containsExactly(2L, 3L, 4L);
        assertThat(result.sent()).containsExactly(5L);
    }

    @Test
    void aBoundOfOneAttemptAndNoTimeParksAtTheFirstFailureOfAnotherKind() {
        OutboxRelay.Settlement result = OutboxRelay.settle(List.of(row(1, "a"), row(2, "b")), acks(BROKEN, TIMEOUT),
                new OutboxRelay.Parking(1, Duration.ZERO), NOW);
        assertThat(seqs(result.parked())).containsExactly(1L);
        assertThat(seqs(result.retried())).as("an outage still waits").containsExactly(2L);
    }
}
