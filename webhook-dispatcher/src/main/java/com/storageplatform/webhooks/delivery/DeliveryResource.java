package com.storageplatform.webhooks.delivery;

import io.swagger.v3.oas.annotations.media.Schema;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.webhooks.endpoint.Endpoints;
import java.time.Clock;
import java.util.Set;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** An endpoint's deliveries, and redelivering one of them. */
@RestController
@ScopeFamily("webhooks")
class DeliveryResource {

    static final Set<String> STATUSES = Set.of(DeliveryQueue.PENDING, DeliveryQueue.DELIVERING, DeliveryQueue.SUCCEEDED,
            DeliveryQueue.RETRYING, DeliveryQueue.EXHAUSTED);

    @Schema(requiredProperties = "delivery_id")
    record Redeliver(String deliveryId) {
    }

    private final DeliveryQueue queue;
    private final Endpoints endpoints;
    private final WakeUpSignal signal;
    private final Clock clock;

    DeliveryResource(DeliveryQueue queue, Endpoints endpoints, @Qualifier("deliverySignal") WakeUpSignal signal,
            Clock clock) {
        this.queue = queue;
        this.endpoints = endpoints;
        this.signal = signal;
        this.clock = clock;
    }

    @FilteredBy("status")
    @GetMapping("/v1/webhooks/{id}/deliveries")
    Mono<Envelopes.ListOf<Delivery>> list(Caller caller, @PathVariable String id,
            @RequestParam MultiValueMap<String, String> query) {
        UUID endpointId = Ids.fromPath(id);
        ListFilters filters = ListFilters.of(query);
        String status = filters.oneOf("status", STATUSES);
        PageRequest page = filters.page();
        return endpoints.find(caller.accountId(), endpointId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("webhook endpoint")))
                .flatMap(endpoint -> queue.list(caller.accountId(), endpointId, status, page));
    }

    /**
     * Queues a fresh attempt of a delivery that is over ({@code exhausted} or {@code succeeded}). Its attempt count
     * is kept, so an exhausted delivery gets exactly one more attempt before it is exhausted again.
     */
    @ApiErrors(ErrorCode.CONFLICT)
    @PostMapping("/v1/webhooks/{id}/redeliver")
    Mono<Envelopes.Data<Delivery>> redeliver(Caller caller, @PathVariable String id, @RequestBody Redeliver body) {
        UUID endpointId = Ids.fromPath(id);
        Validation.start().require("delivery_id", body.deliveryId())
                .check(body.deliveryId() != null && Ids.parse(body.deliveryId()).isEmpty(), "delivery_id",
                        FieldIssue.INVALID)
                .orThrow();
        UUID deliveryId = UUID.fromString(body.deliveryId());
        return endpoints.find(caller.accountId(), endpointId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("webhook endpoint")))
                .then(queue.lock(caller.accountId(), endpointId, deliveryId))
                .switchIfEmpty(Mono.error(() -> ApiException.invalid("delivery_id", FieldIssue.NOT_FOUND)))
                .flatMap(delivery -> {
                    if (!delivery.status().equals(DeliveryQueue.EXHAUSTED) && !delivery.status().equals(DeliveryQueue.SUCCEEDED)) {
                        return Mono.error(ApiException.conflict(
                                "The delivery is " + delivery.status() + ": an attempt is already queued."));
                    }
                    return queue.requeue(caller.accountId(), deliveryId, clock.instant());
                })
                .doOnNext(requeued -> signal.wake())
                .map(Envelopes::data);
    }
}
