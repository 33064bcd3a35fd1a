package com.storageplatform.kit.outbox;

import java.time.Instant;
import java.util.UUID;

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
}
