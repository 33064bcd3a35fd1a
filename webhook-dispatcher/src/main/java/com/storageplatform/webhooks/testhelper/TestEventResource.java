package com.storageplatform.webhooks.testhelper;

import io.swagger.v3.oas.annotations.media.Schema;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /v1/test-helpers/events}: on a test account, publishes an event of any public type with the data
 * given, through the same outbox, Kafka topic and dispatcher as every service's events, so a receiver can be
 * built and tested before the resource behind the event exists. Live credentials get 404.
 */
@RestController
@ScopeFamily("webhooks")
class TestEventResource {

    @Schema(requiredProperties = {"type", "data"})
    record TriggerEvent(String type, @Schema(implementation = Object.class, types = "object",
            description = "The resource the event carries, as JSON.") JsonNode data) {
    }

    record TriggeredEvent(UUID id, String object, String type, Instant requestedAt) {
    }

    private final EventPublisher events;

    TestEventResource(EventPublisher events) {
        this.events = events;
    }

    @PostMapping("/v1/test-helpers/events")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<TriggeredEvent>> trigger(Caller caller, @RequestBody TriggerEvent body) {
        if (caller.environment() != Environment.TEST) {
            throw ApiException.notFound();
        }
        Validation.start()
                .require("type", body.type())
                .check(body.type() != null && !EventCatalogue.isPublic(body.type()), "type", FieldIssue.INVALID)
                .require("data", body.data())
                .check(body.data() != null && !body.data().isObject(), "data", FieldIssue.INVALID)
                .check(body.data() != null && body.data().isObject() && !body.data().path("object").isString(),
                        "data.object", FieldIssue.REQUIRED)
                .orThrow();
        return events.publish(caller, body.type(), null, body.data())
                .map(id -> Envelopes.data(new TriggeredEvent(id, "test_event", body.type(), Instant.now())));
    }
}
