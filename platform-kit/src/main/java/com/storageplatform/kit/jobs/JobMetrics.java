package com.storageplatform.kit.jobs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import reactor.core.publisher.Mono;

/**
 * {@value #RUNS}: a timer per job ({@code name}) and {@code outcome}: {@code ran}, {@code skipped} (another replica
 * held the job's lock) or {@code failed}. Its count is the runs, its sum the time they took. The tag is {@code name},
 * not {@code job}, which Prometheus reserves for the scrape target.
 */
public final class JobMetrics {

    public static final String RUNS = "jobs.runs";

    private final MeterRegistry meters;

    public JobMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    /** Records nothing: for a scheduler built outside an application. */
    public static JobMetrics none() {
        return new JobMetrics(new CompositeMeterRegistry());
    }

    /** Times one run, from subscription to its outcome; a run cancelled midway is not recorded. */
    Mono<JobScheduler.JobRun> timed(String job, Mono<JobScheduler.JobRun> run) {
        return Mono.defer(() -> {
            long started = System.nanoTime();
            return run
                    .doOnSuccess(result -> record(job, result != null && result.ran() ? "ran" : "skipped", started))
                    .doOnError(failure -> record(job, "failed", started));
        });
    }

    private void record(String job, String outcome, long started) {
        Timer.builder(RUNS).description("Runs of a scheduled job, by outcome")
                .tag("name", job).tag("outcome", outcome)
                .register(meters)
                .record(System.nanoTime() - started, java.util.concurrent.TimeUnit.NANOSECONDS);
    }
}
