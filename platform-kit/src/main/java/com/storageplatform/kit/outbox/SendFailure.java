package com.storageplatform.kit.outbox;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.springframework.kafka.KafkaException;

/**
 * What a failed send says about its row (ADR 0020): whether Kafka could not be reached, refused this record for
 * good, or failed for some other reason.
 */
enum SendFailure {

    /**
     * Kafka, or the way to it, is unavailable (a timeout, no leader, too few replicas, the producer's credentials
     * or rights): nothing is wrong with the row, so it waits, however long, and is never parked.
     */
    OUTAGE,

    /** Kafka refuses this record as it is (too large, malformed): no retry can succeed, so it is parked at once. */
    REFUSED,

    /** Anything else: retried, holding back its account's later rows, and parked once past the bound. */
    OTHER;

    static SendFailure of(Throwable failure) {
        Throwable cause = unwrap(failure);
        if (cause instanceof RecordTooLargeException || cause instanceof RecordBatchTooLargeException
                || cause instanceof InvalidRecordException || cause instanceof SerializationException) {
            return REFUSED;
        }
        if (cause instanceof RetriableException || cause instanceof InterruptException
                || cause instanceof AuthenticationException || cause instanceof AuthorizationException
                || cause instanceof UnsupportedVersionException) {
            return OUTAGE;
        }
        return OTHER;
    }

    /** The failure as the row records it: the Kafka exception's class and message, never the payload. */
    static String describe(Throwable failure) {
        Throwable cause = unwrap(failure);
        String message = cause.getMessage();
        String text = cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
        return text.length() > 500 ? text.substring(0, 500) : text;
    }

    /** Past the wrappers of the template and the futures, to what the producer or the broker said. */
    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof KafkaException || cause instanceof CompletionException
                || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
