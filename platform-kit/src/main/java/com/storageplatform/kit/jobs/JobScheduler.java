package com.storageplatform.kit.jobs;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.r2dbc.spi.Connection;
import org.springframework.context.SmartLifecycle;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Runs every {@link ScheduledJob} on its interval. A run holds a transaction-scoped advisory lock named after
 * the service's schema and the job, so across replicas one run happens at a time; a replica that finds the lock
 * taken skips its turn. Another service's job of the same name is not in the way. The lock's transaction is the
 * job's own, or, for a job that {@link ScheduledJob#commitsItsOwnSteps() commits its own steps}, one held open on
 * a connection of its own while the job runs beside it (ended however the run ends; a connection that breaks
 * releases the lock with it).
 */
public class JobScheduler implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(JobScheduler.class);

    private final Map<String, ScheduledJob> jobs;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final boolean scheduled;
    private final JobMetrics metrics;
    private volatile Disposable.Composite running;

    /**
     * {@code scheduled} false keeps jobs available on demand only (tests that drive every run); {@code metrics}
     * times every run, scheduled or on demand.
     */
    public JobScheduler(List<ScheduledJob> jobs, DatabaseClient db, TransactionalOperator tx, boolean scheduled,
            JobMetrics metrics) {
        this.jobs = jobs.stream().collect(Collectors.toUnmodifiableMap(ScheduledJob::name, Function.identity()));
        this.db = db;
        this.tx = tx;
        this.scheduled = scheduled;
        this.metrics = metrics;
    }

    /** A scheduler whose runs are not measured. */
    public JobScheduler(List<ScheduledJob> jobs, DatabaseClient db, TransactionalOperator tx, boolean scheduled) {
        this(jobs, db, tx, scheduled, JobMetrics.none());
    }

    public record JobRun(String job, boolean ran, String result) {
    }

    public Optional<ScheduledJob> job(String name) {
        return Optional.ofNullable(jobs.get(name));
    }

    public List<String> names() {
        return jobs.keySet().stream().sorted().toList();
    }

    /** Runs the job now unless another replica is running it. */
    public Mono<JobRun> runNow(ScheduledJob job) {
        if (!job.commitsItsOwnSteps()) {
            return metrics.timed(job.name(), tx.transactional(db.inConnection(connection -> locked(connection, job))
                    .flatMap(locked -> runIf(locked, job))));
        }
        Mono<JobRun> beside = Mono.usingWhen(Mono.from(db.getConnectionFactory().create()),
                connection -> Mono.from(connection.beginTransaction())
                        .then(locked(connection, job))
                        .flatMap(locked -> runIf(locked, job)),
                JobScheduler::release, (connection, failure) -> release(connection), JobScheduler::release);
        return metrics.timed(job.name(), beside);
    }

    /** Takes the job's lock in the connection's current transaction; false when another replica holds it. */
    private static Mono<Boolean> locked(Connection connection, ScheduledJob job) {
        // Advisory locks are per database, which every service shares: the lock names the schema too.
        return Flux.from(connection.createStatement("""
                        SELECT pg_try_advisory_xact_lock(
                            hashtextextended('platform-job:' || current_schema() || ':' || $1, 0)) AS locked
                        """).bind("$1", job.name()).execute())
                .concatMap(result -> result.map((row, metadata) -> Boolean.TRUE.equals(
                        row.get("locked", Boolean.class))))
                .next()
                .defaultIfEmpty(false);
    }

    private static Mono<JobRun> runIf(boolean locked, ScheduledJob job) {
        return locked
                ? job.run().defaultIfEmpty("done").map(result -> new JobRun(job.name(), true, result))
                : Mono.just(new JobRun(job.name(), false, "already running elsewhere"));
    }

    /** Ends the lock's transaction (releasing the lock) and gives the connection back, whatever the run did. */
    private static Mono<Void> release(Connection connection) {
        return Mono.from(connection.rollbackTransaction()).onErrorResume(failure -> Mono.empty())
                .then(Mono.from(connection.close()));
    }

    @Override
    public void start() {
        Disposable.Composite all = Disposables.composite();
        if (scheduled) {
            for (ScheduledJob job : jobs.values()) {
                all.add(schedule(job));
            }
        }
        running = all;
    }

    private Disposable schedule(ScheduledJob job) {
        Duration interval = job.interval();
        return Flux.interval(interval, interval)
                .onBackpressureDrop()
                .concatMap(tick -> runNow(job)
                        .doOnNext(run -> log.debug("Job {}: {}", run.job(), run.result()))
                        .onErrorResume(failure -> {
                            log.error("Job {} failed", job.name(), failure);
                            return Mono.empty();
                        }), 1)
                .subscribe();
    }

    @Override
    public void stop() {
        Disposable.Composite all = running;
        if (all != null) {
            all.dispose();
        }
    }

    @Override
    public boolean isRunning() {
        Disposable.Composite all = running;
        return all != null && !all.isDisposed();
    }
}
