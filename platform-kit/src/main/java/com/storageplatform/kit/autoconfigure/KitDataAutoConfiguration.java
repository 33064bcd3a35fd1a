package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.db.KitMigrations;
import com.storageplatform.kit.jobs.JobMetrics;
import com.storageplatform.kit.jobs.JobScheduler;
import com.storageplatform.kit.jobs.ScheduledJob;
import com.storageplatform.kit.ops.AdminRoutes;
import com.storageplatform.kit.ops.ReadinessRoutes;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.outbox.OutboxCleanupJob;
import com.storageplatform.kit.outbox.OutboxSignal;
import com.storageplatform.kit.request.IdempotencyCleanupJob;
import com.storageplatform.kit.request.IdempotencyMetrics;
import com.storageplatform.kit.request.IdempotencyStore;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.kit.web.JsonResponses;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.data.r2dbc.autoconfigure.DataR2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcTransactionManagerAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/** What a service with a database gets: its migrations, transactions per mutation, idempotency, outbox, jobs. */
@AutoConfiguration(after = {R2dbcAutoConfiguration.class, DataR2dbcAutoConfiguration.class,
        R2dbcTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class})
@ConditionalOnClass({DatabaseClient.class, ServerHttpSecurity.class})
@ConditionalOnBean(ConnectionFactory.class)
public class KitDataAutoConfiguration {

    @Bean
    KitMigrations kitMigrations() {
        return new KitMigrations();
    }

    @Bean
    IdempotencyStore idempotencyStore(DatabaseClient db, Clock clock, JsonMapper mapper) {
        return new IdempotencyStore(db, clock, mapper);
    }

    @Bean
    MutationFilter mutationFilter(TransactionalOperator tx, IdempotencyStore store, JsonResponses json,
            JsonMapper mapper, ObjectProvider<MeterRegistry> meters) {
        return new MutationFilter(tx, store, json, mapper, new IdempotencyMetrics(meterRegistry(meters)));
    }

    @Bean
    OutboxSignal outboxSignal() {
        return new OutboxSignal();
    }

    @Bean
    EventPublisher eventPublisher(DatabaseClient db, JsonMapper mapper, Clock clock, PlatformProperties properties,
            OutboxSignal signal) {
        String service = properties.service().name();
        if (service == null || service.isBlank()) {
            throw new IllegalStateException("platform.service.name is not set: it names the schema and topic");
        }
        return new EventPublisher(db, mapper, clock, service, signal);
    }

    @Bean
    RouterFunction<ServerResponse> readinessRoutes(DatabaseClient db) {
        return ReadinessRoutes.routes(db);
    }

    @Bean
    IdempotencyCleanupJob idempotencyCleanupJob(IdempotencyStore store) {
        return new IdempotencyCleanupJob(store);
    }

    @Bean
    OutboxCleanupJob outboxCleanupJob(DatabaseClient db, Clock clock) {
        return new OutboxCleanupJob(db, clock);
    }

    @Bean
    JobScheduler jobScheduler(List<ScheduledJob> jobs, DatabaseClient db, TransactionalOperator tx,
            PlatformProperties properties, ObjectProvider<MeterRegistry> meters) {
        return new JobScheduler(jobs, db, tx, properties.jobs().isScheduled(),
                new JobMetrics(meterRegistry(meters)));
    }

    /** The application's registry (the actuator's); without one, meters that go nowhere. */
    private static MeterRegistry meterRegistry(ObjectProvider<MeterRegistry> meters) {
        return meters.getIfAvailable(CompositeMeterRegistry::new);
    }

    @Configuration(proxyBeanMethods = false)
    @Conditional(NonProduction.class)
    static class TimeControls {

        @Bean
        RouterFunction<ServerResponse> adminRoutes(JobScheduler jobs, PlatformClock clock) {
            return AdminRoutes.routes(jobs, clock);
        }
    }
}
