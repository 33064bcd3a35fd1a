package com.storageplatform.commerce.reservation;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/reservations} (scopes {@code reservations:read} and {@code reservations:write}, at the gateway). A
 * reservation holds a unit, or a unit type at a site, for a customer until {@code held_until}; it ends cancelled,
 * expired (the {@code reservation-expiry} sweep, or at once when a member of staff reads it after its hold ran out)
 * or converted (booked by an agreement or an order). Reservations are never deleted.
 */
@RestController
@ScopeFamily("reservations")
class ReservationResource {

    private final ReservationService reservations;

    ReservationResource(ReservationService reservations) {
        this.reservations = reservations;
    }

    /**
     * Holds a unit (or a unit type at its site) for a customer. A unit held for another customer, or being booked
     * online, is 409 {@code unit_reserved} naming the hold and its date; an archived or out-of-service unit, or an
     * archived unit type, is 409 {@code conflict} saying which. Of two requests racing for one unit exactly one
     * succeeds. Leaving {@code licence_fee_minor} out takes the catalogue's price, which needs {@code units:read}.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.UNIT_RESERVED, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/reservations")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<Reservation>> create(Caller caller, @RequestBody CreateReservation body) {
        return reservations.create(caller, body).map(Envelopes::data);
    }

    /** The reservation. Read by a member of staff after its hold ran out, it is expired at once and answered so. */
    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @GetMapping("/v1/reservations/{id}")
    Mono<Envelopes.Data<Reservation>> read(Caller caller, @PathVariable String id) {
        return reservations.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code status}, {@code contact_id}, {@code site_id}, {@code unit_id}, {@code deal_id}.
     * A site-restricted credential lists its sites' reservations only. For a member of staff a lapsed active
     * reservation counts as {@code expired} in the {@code status} filter, and those on the page are expired at once
     * and answered so.
     */
    @ApiErrors(ErrorCode.SITE_FORBIDDEN)
    @FilteredBy({"status", "contact_id", "site_id", "unit_id", "deal_id"})
    @GetMapping("/v1/reservations")
    Mono<Envelopes.ListOf<Reservation>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        ReservationRepository.Filters chosen = new ReservationRepository.Filters(
                filters.oneOf("status", Reservation.STATUSES), filters.id("contact_id"), filters.id("site_id"),
                filters.id("unit_id"), filters.id("deal_id"));
        return reservations.list(caller, chosen, filters.page());
    }

    /**
     * Cancels an active reservation before its {@code held_until}: {@code cancelled}, hold released,
     * {@code reservation.cancelled}. After {@code held_until} it is 409 {@code conflict} (the reservation has
     * already lapsed) and nothing changes; an expired or converted one is 409 too. Cancelling a cancelled
     * reservation answers it unchanged.
     */
    @ApiErrors({ErrorCode.CONFLICT, ErrorCode.SITE_FORBIDDEN})
    @PostMapping("/v1/reservations/{id}/cancel")
    Mono<Envelopes.Data<Reservation>> cancel(Caller caller, @PathVariable String id) {
        return reservations.cancel(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
