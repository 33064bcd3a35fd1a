package com.storageplatform.kit.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletionException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.KafkaException;
import org.springframework.kafka.core.KafkaProducerException;

/** How a failed send is judged: past Spring's and the futures' wrappers, to what Kafka said. */
class SendFailureTest {

    private static Throwable wrapped(Throwable cause) {
        return new CompletionException(new KafkaProducerException(new ProducerRecord<>("t", "v"), "Failed", cause));
    }

    @Test
    void recordsKafkaCannotTakeAreRefused() {
        assertThat(SendFailure.of(wrapped(new RecordTooLargeException("too large")))).isEqualTo(SendFailure.REFUSED);
        assertThat(SendFailure.of(new RecordBatchTooLargeException("batch"))).isEqualTo(SendFailure.REFUSED);
        assertThat(SendFailure.of(wrapped(new InvalidRecordException("bad")))).isEqualTo(SendFailure.REFUSED);
        assertThat(SendFailure.of(wrapped(new SerializationException("bad")))).isEqualTo(SendFailure.REFUSED);
    }

    @Test
    void anUnreachableOrUnwillingBrokerIsAnOutage() {
        assertThat(SendFailure.of(wrapped(new TimeoutException("Topic not present in metadata after 5000 ms"))))
                .isEqualTo(SendFailure.OUTAGE);
        assertThat(SendFailure.of(new KafkaException("Send failed", new NetworkException("gone"))))
                .isEqualTo(SendFailure.OUTAGE);
        assertThat(SendFailure.of(wrapped(new NotLeaderOrFollowerException("moving")))).isEqualTo(SendFailure.OUTAGE);
        assertThat(SendFailure.of(wrapped(new TopicAuthorizationException("no ACL")))).isEqualTo(SendFailure.OUTAGE);
        assertThat(SendFailure.of(wrapped(new SaslAuthenticationException("bad password"))))
                .isEqualTo(SendFailure.OUTAGE);
        assertThat(SendFailure.of(new InterruptException("stopping"))).isEqualTo(SendFailure.OUTAGE);
    }

    @Test
    void anythingElseIsOther() {
        assertThat(SendFailure.of(wrapped(new IllegalStateException("odd")))).isEqualTo(SendFailure.OTHER);
        assertThat(SendFailure.of(new KafkaException("Producer closed"))).isEqualTo(SendFailure.OTHER);
        assertThat(SendFailure.of(new org.apache.kafka.common.KafkaException("Producer is closed forcefully.")))
                .isEqualTo(SendFailure.OTHER);
    }

    @Test
    void theRecordedErrorNamesKafkasExceptionAndIsBounded() {
        assertThat(SendFailure.describe(wrapped(new RecordTooLargeException("The message is 2000 bytes"))))
                .isEqualTo("RecordTooLargeException: The message is 2000 bytes");
        assertThat(SendFailure.describe(new KafkaException("no cause"))).isEqualTo("KafkaException: no cause");
        assertThat(SendFailure.describe(new IllegalStateException("x".repeat(900)))).hasSize(500);
    }
}
