package com.storageplatform.kit.jobs;

import java.time.Duration;
import reactor.core.publisher.Mono;

/**
 * A sweep that runs on a schedule (reservation expiry, overdue invoices, retries, cleanups). Declare one as a
 * bean and the {@link JobScheduler} runs it every {@link #interval()}, one replica at a time, in one
 * transaction. Outside production it can also be run now through {@code POST /internal/jobs/{name}/run}, so
 * tests never sleep for a schedule.
 */
public interface ScheduledJob {

    /** Kebab-case name used by the admin trigger, e.g. {@code reservation-expiry}. */
    String name();

    Duration interval();

    /** Does one sweep and describes what it did, e.g. {@code "expired 3 reservations"}. */
    Mono<String> run();
}
