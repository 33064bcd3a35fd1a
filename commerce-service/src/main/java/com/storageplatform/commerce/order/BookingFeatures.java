package com.storageplatform.commerce.order;

import com.storageplatform.commerce.agreement.Agreements;
import com.storageplatform.commerce.agreement.OrderBooking;
import com.storageplatform.commerce.holds.Holder;
import com.storageplatform.commerce.reservation.Reservations;
import com.storageplatform.kit.caller.Caller;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The reservation and agreement features as orders use them, through their public classes. */
final class BookingFeatures {

    private BookingFeatures() {
    }

    @Component
    static class ReservationsForOrders implements OrderReservations {

        private final Reservations reservations;

        ReservationsForOrders(Reservations reservations) {
            this.reservations = reservations;
        }

        @Override
        public Mono<Terms> forBooking(Caller caller, UUID reservationId, String field) {
            return reservations.forBooking(caller, reservationId, field)
                    .map(t -> new Terms(t.id(), t.contactId(), t.siteId(), t.unitId(), t.unitTypeId(),
                            t.licenceFeeMinor(), t.currency(), t.moveInDate(), t.couponId(), t.dealId()));
        }

        @Override
        public Mono<Void> convert(Caller caller, UUID reservationId, UUID orderId) {
            return reservations.convert(caller, reservationId, Holder.order(orderId));
        }

        @Override
        public Mono<Void> convertTakenUp(Caller caller, UUID reservationId, UUID orderId) {
            return reservations.convertTakenUp(caller, reservationId, Holder.order(orderId));
        }
    }

    @Component
    static class AgreementsForOrders implements OrderAgreements {

        private final Agreements agreements;

        AgreementsForOrders(Agreements agreements) {
            this.agreements = agreements;
        }

        /**
         * The order converted its reservation when it was created (the hold has been the order's since): the
         * agreement takes the unit's hold over from the order and records that reservation as the one it took up.
         */
        @Override
        public Mono<UUID> bookFromOrder(Caller caller, Booking b) {
            return agreements.bookFromOrder(caller, new OrderBooking(b.orderId(), b.contactId(), b.unitId(), b.reservationId(),
                    b.licenceFeeMinor(), b.currency(), b.moveInDate(), b.coverageProductId(), b.coverMinor()))
                    .map(agreement -> agreement.id());
        }
    }
}
