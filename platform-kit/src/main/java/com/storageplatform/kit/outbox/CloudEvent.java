package com.storageplatform.kit.outbox;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The CloudEvents 1.0 envelope (structured JSON mode) every service publishes. Extension attributes carry the
 * tenant and actor so consumers never have to look them up: {@code accountid}, {@code operatorid},
 * {@code environment}, {@code actortype}, {@code requestid}.
 *
 * @param id      UUIDv7 made at the source; the same id is the webhook event id and the /v1/events id
 * @param source  {@code /<service>}
 * @param type    the event type, e.g. {@code site.created}
 * @param subject the id of the resource the event is about
 * @param data    the REST resource's shape, with {@code object}
 */
public record CloudEvent(String specversion, UUID id, String source, String type, Instant time,
        String datacontenttype, String subject, String accountid, String operatorid, String environment,
        String actortype, String requestid, Object data) {

    public static final String SPEC_VERSION = "1.0";
    public static final String CONTENT_TYPE = "application/cloudevents+json; charset=UTF-8";

    /**
     * The Kafka header that repeats the event's {@code type} beside the structured envelope, so a consumer passes over
     * a type it does not handle without parsing the record; the envelope stays the authority for one it does.
     */
    public static final String TYPE_HEADER = "ce_type";

    /** Adds the {@link #TYPE_HEADER} of an event of this type. */
    public static void putType(Headers headers, String type) {
        headers.add(TYPE_HEADER, type.getBytes(StandardCharsets.UTF_8));
    }

    /** The type a record's {@link #TYPE_HEADER} names; empty for a record without one (relayed before it existed). */
    public static Optional<String> typeOf(Headers headers) {
        Header header = headers.lastHeader(TYPE_HEADER);
        return header == null || header.value() == null ? Optional.empty()
                : Optional.of(new String(header.value(), StandardCharsets.UTF_8));
    }
}
