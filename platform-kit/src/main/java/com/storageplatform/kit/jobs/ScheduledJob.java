package com.storageplatform.kit.jobs;

import java.time.Duration;
import reactor.core.publisher.Mono;

/**
 * A sweep that runs on a schedule (reservation expiry, overdue invoices, retries, cleanups). Declare one as a
 * bean and the {@link JobScheduler} runs it every {@link #interval()}, one replica at a time, in one
 * transaction (unless it {@link #commitsItsOwnSteps() commits its own steps}). Outside production it can also be run now through {@code POST /internal/jobs/{name}/run}, so
 * tests never sleep for a schedule.
 */
public interface ScheduledJob {

    /** Kebab-case name used by the admin trigger, e.g. {@code reservation-expiry}. */
    String name();

    Duration interval();

    /** Does one sweep and describes what it did, e.g. {@code "expired 3 reservations"}. */
    Mono<String> run();

    /**
     * True for a job that runs each step in a transaction of its own ({@code tx.transactional} per plan, per case),
     * such as the billing run: the scheduler then holds the job's lock on a connection of its own and runs the job
     * outside any transaction, so each step commits as it is done, a failed step rolls back alone, and the steps
     * may run side by side on several connections. False (the default): the whole run is one transaction.
     */
    default boolean commitsItsOwnSteps() {
        return false;
    }
}
