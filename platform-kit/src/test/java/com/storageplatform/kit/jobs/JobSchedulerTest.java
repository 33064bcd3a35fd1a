package com.storageplatform.kit.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.testsupport.PlatformInfrastructure;
import com.storageplatform.kit.testsupport.PlatformTest;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

/** One run of a job at a time per service, against real PostgreSQL, where every service shares one database. */
@PlatformTest
class JobSchedulerTest {

    /** The schema of another service in the same database. */
    static final String ANOTHER_SERVICE = "jobs_another_service";

    @Autowired
    DatabaseClient db;

    @Autowired
    TransactionalOperator tx;

    @BeforeAll
    static void anotherServicesSchema() {
        PlatformInfrastructure.get().recreateSchema(ANOTHER_SERVICE);
    }

    /** Runs {@code work} in a transaction on another service's schema, as that service's own scheduler would. */
    private <T> Mono<T> inAnotherService(Mono<T> work) {
        return tx.transactional(db.sql("SET LOCAL search_path TO " + ANOTHER_SERVICE).then().then(work));
    }

    private static ScheduledJob job(String name, Supplier<Mono<String>> run) {
        return job(name, false, run);
    }

    private static ScheduledJob job(String name, boolean commitsItsOwnSteps, Supplier<Mono<String>> run) {
        return new ScheduledJob() {
            @Override
            public boolean commitsItsOwnSteps() {
                return commitsItsOwnSteps;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public Duration interval() {
                return Duration.ofHours(1);
            }

            @Override
            public Mono<String> run() {
                return run.get();
            }
        };
    }

    @Test
    void aJobOfTheSameNameRunningInAnotherServiceDoesNotStopItHere() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CompletableFuture<String> finish = new CompletableFuture<>();
        ScheduledJob elsewhere = job("nightly-sweep", () -> Mono.fromRunnable(running::countDown)
                .then(Mono.fromFuture(finish)));
        ScheduledJob here = job("nightly-sweep", () -> Mono.just("swept"));
        JobScheduler anotherScheduler = new JobScheduler(List.of(elsewhere), db, tx, false);
        JobScheduler scheduler = new JobScheduler(List.of(here), db, tx, false);

        CompletableFuture<JobScheduler.JobRun> held = inAnotherService(anotherScheduler.runNow(elsewhere)).toFuture();
        try {
            assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
            // The other service's run really holds its lock: a second run there skips its turn...
            assertThat(inAnotherService(anotherScheduler.runNow(elsewhere)).block(Duration.ofSeconds(10)))
                    .isEqualTo(new JobScheduler.JobRun("nightly-sweep", false, "already running elsewhere"));
            // ...while this service's job of the same name runs.
            assertThat(scheduler.runNow(here).block(Duration.ofSeconds(10)))
                    .isEqualTo(new JobScheduler.JobRun("nightly-sweep", true, "swept"));
        } finally {
            finish.complete("done");
        }
        assertThat(held.join()).isEqualTo(new JobScheduler.JobRun("nightly-sweep", true, "done"));
    }

    /**
     * A job that commits its own steps (the billing run, dunning): each step is visible to others as soon as it
     * commits, while the job still runs and holds its lock, and a failed step rolls back alone.
     */
    @Test
    void aJobThatCommitsItsOwnStepsKeepsEachStepAndStillRunsOnceAtATime() throws InterruptedException {
        db.sql("CREATE TABLE IF NOT EXISTS job_steps (step text PRIMARY KEY)").then().block();
        db.sql("DELETE FROM job_steps").then().block();
        CountDownLatch firstStepDone = new CountDownLatch(1);
        CompletableFuture<String> finish = new CompletableFuture<>();
        Mono<Void> first = tx.transactional(db.sql("INSERT INTO job_steps VALUES ('first') ON CONFLICT DO NOTHING").then());
        Mono<Void> failing = tx.transactional(db.sql("INSERT INTO job_steps VALUES ('failed')").then()
                .then(Mono.<Void>error(new IllegalStateException("this step fails"))));
        ScheduledJob stepwise = job("stepwise-sweep", true, () -> first
                .then(failing.onErrorResume(IllegalStateException.class, failed -> Mono.empty()))
                .then(Mono.fromRunnable(firstStepDone::countDown))
                .then(Mono.fromFuture(finish)));
        JobScheduler replicaA = new JobScheduler(List.of(stepwise), db, tx, false);
        JobScheduler replicaB = new JobScheduler(List.of(stepwise), db, tx, false);

        CompletableFuture<JobScheduler.JobRun> run = replicaA.runNow(stepwise).toFuture();
        try {
            assertThat(firstStepDone.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(db.sql("SELECT step FROM job_steps").map(row -> row.get("step", String.class)).all()
                    .collectList().block()).containsExactly("first");
            assertThat(replicaB.runNow(stepwise).block(Duration.ofSeconds(10)))
                    .isEqualTo(new JobScheduler.JobRun("stepwise-sweep", false, "already running elsewhere"));
        } finally {
            finish.complete("done");
        }
        assertThat(run.join()).isEqualTo(new JobScheduler.JobRun("stepwise-sweep", true, "done"));
        // The lock went with the run: the next run takes it.
        finish.obtrudeValue("again");
        assertThat(replicaB.runNow(stepwise).block(Duration.ofSeconds(10)).ran()).isTrue();
    }

    @Test
    void aSecondRunOfAJobWhileItRunsSkipsItsTurn() throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        CompletableFuture<String> finish = new CompletableFuture<>();
        ScheduledJob slow = job("slow-sweep", () -> Mono.fromRunnable(running::countDown)
                .then(Mono.fromFuture(finish)));
        JobScheduler replicaA = new JobScheduler(List.of(slow), db, tx, false);
        JobScheduler replicaB = new JobScheduler(List.of(slow), db, tx, false);

        CompletableFuture<JobScheduler.JobRun> first = replicaA.runNow(slow).toFuture();
        try {
            assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(replicaB.runNow(slow).block(Duration.ofSeconds(10)))
                    .isEqualTo(new JobScheduler.JobRun("slow-sweep", false, "already running elsewhere"));
        } finally {
            finish.complete("done");
        }
        assertThat(first.join().ran()).isTrue();
    }

    @Test
    void everyRunIsTimedByJobAndOutcome() throws InterruptedException {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        CountDownLatch running = new CountDownLatch(1);
        CompletableFuture<String> finish = new CompletableFuture<>();
        ScheduledJob slow = job("timed-sweep", () -> Mono.fromRunnable(running::countDown)
                .then(Mono.fromFuture(finish)));
        ScheduledJob broken = job("broken-sweep", () -> Mono.error(new IllegalStateException("no table")));
        JobScheduler replicaA = new JobScheduler(List.of(slow, broken), db, tx, false, new JobMetrics(meters));
        JobScheduler replicaB = new JobScheduler(List.of(slow), db, tx, false, new JobMetrics(meters));

        CompletableFuture<JobScheduler.JobRun> first = replicaA.runNow(slow).toFuture();
        try {
            assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
            replicaB.runNow(slow).block(Duration.ofSeconds(10));
        } finally {
            finish.complete("done");
        }
        first.join();
        assertThatThrownBy(() -> replicaA.runNow(broken).block(Duration.ofSeconds(10)))
                .hasMessageContaining("no table");

        assertThat(runs(meters, "timed-sweep", "ran")).isEqualTo(1);
        assertThat(runs(meters, "timed-sweep", "skipped")).isEqualTo(1);
        assertThat(runs(meters, "broken-sweep", "failed")).isEqualTo(1);
        // A run is timed from its start to its outcome.
        assertThat(meters.get(JobMetrics.RUNS).tags("name", "timed-sweep", "outcome", "ran").timer()
                .totalTime(TimeUnit.NANOSECONDS)).isPositive();
    }

    private static long runs(SimpleMeterRegistry meters, String job, String outcome) {
        return meters.get(JobMetrics.RUNS).tags("name", job, "outcome", outcome).timer().count();
    }
}
