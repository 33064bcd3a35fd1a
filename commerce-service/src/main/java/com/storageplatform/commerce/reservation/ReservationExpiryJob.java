package com.storageplatform.commerce.reservation;

import com.storageplatform.kit.db.AfterCommit;
import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code reservation-expiry}, every 15 minutes: every active reservation of every account whose
 * {@code held_until} has passed becomes {@code expired}, its hold released, with {@code reservation.expired}. No
 * email is sent. A reservation locked by a booking converting it at that moment is passed over: the booking ends
 * it one way, or the next run the other.
 */
@Component
class ReservationExpiryJob implements ScheduledJob {

    static final String NAME = "reservation-expiry";
    static final int BATCH = 200;

    private final ReservationRepository reservations;
    private final ReservationService service;
    private final ReservationMetrics metrics;
    private final Clock clock;

    ReservationExpiryJob(ReservationRepository reservations, ReservationService service, ReservationMetrics metrics,
            Clock clock) {
        this.reservations = reservations;
        this.service = service;
        this.metrics = metrics;
        this.clock = clock;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Duration interval() {
        return Duration.ofMinutes(15);
    }

    @Override
    public Mono<String> run() {
        Instant now = clock.instant();
        return sweep(now, 0)
                // Counted once the run's transaction committed: a run rolled back expired nothing.
                .flatMap(count -> AfterCommit.run(() -> metrics.expired(count)).thenReturn(count))
                .map(count -> "expired " + count + " reservations");
    }

    /** One batch after another, in the run's one transaction, until a batch comes back short. */
    private Mono<Long> sweep(Instant now, long done) {
        return reservations.claimLapsed(now, BATCH)
                .concatMap(stored -> service.expireNow(stored.systemCaller("job:" + NAME), stored.reservation()))
                .count()
                .flatMap(count -> count < BATCH ? Mono.just(done + count) : sweep(now, done + count));
    }
}
