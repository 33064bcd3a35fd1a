package com.storageplatform.commerce.order;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/orders} (scopes {@code reservations:read} and {@code reservations:write}, at the gateway): the online
 * checkout. An order shows its whole cost before payment and keeps that price while it awaits payment.
 */
@RestController
@ScopeFamily("reservations")
class OrderResource {

    /** The answer header of a {@code PATCH} that re-priced the order. */
    static final String REPRICED = "Service-Repriced";

    private final OrderService orders;

    OrderResource(OrderService orders) {
        this.orders = orders;
    }

    /**
     * Creates an order for a customer and a unit (or a reservation to take up), priced in full, holding the unit
     * while it awaits payment. 409 {@code unit_reserved} when someone else holds the unit; 409 {@code conflict} for
     * an archived or out-of-service unit or a reservation made for a deal. Pricing from the catalogue needs
     * {@code units:read} on the caller.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.UNIT_RESERVED, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/orders")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Order>> create(Caller caller, @RequestBody CreateOrder body) {
        return orders.create(caller, body).map(Envelopes::data);
    }

    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @GetMapping("/v1/orders/{id}")
    Mono<Envelopes.Data<Order>> read(Caller caller, @PathVariable String id) {
        return orders.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /** Newest first; filters {@code status}, {@code contact_id}, {@code site_id}. */
    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @FilteredBy({"status", "contact_id", "site_id"})
    @GetMapping("/v1/orders")
    Mono<Envelopes.ListOf<Order>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        String status = filters.oneOf("status", Order.STATUSES);
        UUID contactId = filters.id("contact_id");
        UUID siteId = filters.id("site_id");
        return orders.list(caller, status, contactId, siteId, filters.page());
    }

    /**
     * Changes the coupon, cover, products or move-in date of an order awaiting payment and re-prices the whole
     * order: {@code priced_at} moves, {@code order.updated} is published, and the answer carries the header
     * {@code Service-Repriced: true}. Fields sent with the order's current values change nothing: such a request
     * re-prices nothing (no header, no event). 409 once the order is paid, ended, or has a payment in flight.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PatchMapping("/v1/orders/{id}")
    Mono<Envelopes.Data<Order>> update(Caller caller, @PathVariable String id, @RequestBody OrderChanges changes,
            ServerWebExchange exchange) {
        return orders.update(caller, Ids.fromPath(id), changes).map(updated -> {
            if (updated.repriced()) {
                exchange.getResponse().getHeaders().set(REPRICED, "true");
            }
            return Envelopes.data(updated.order());
        });
    }

    /**
     * Pays the amount due today at the price the order shows, through billing (the caller needs
     * {@code billing:write} too). {@code succeeded} completes the order (its agreement is created);
     * {@code pending} and {@code requires_action} leave it awaiting payment with the payment in flight;
     * {@code failed} is recorded on the order, which can be paid again. 422 {@code below_minimum} on
     * {@code total_due_today_minor} under the rail's minimum; 409 before billing is asked when the order's unit is
     * out of use or its cover is no longer offered; 503 when billing cannot be reached.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/orders/{id}/pay")
    Mono<Envelopes.Data<Order>> pay(Caller caller, @PathVariable String id, @RequestBody PayOrder body) {
        return orders.pay(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /** Cancels an order awaiting payment with nothing in flight, releasing its unit; 409 otherwise. */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/orders/{id}/cancel")
    Mono<Envelopes.Data<Order>> cancel(Caller caller, @PathVariable String id) {
        return orders.cancel(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
