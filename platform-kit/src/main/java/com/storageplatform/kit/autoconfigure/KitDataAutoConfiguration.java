package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.db.AccountConnections;
import com.storageplatform.kit.db.CallerAccountFilter;
import com.storageplatform.kit.db.EndedTransactions;
import com.storageplatform.kit.db.KitMigrations;
import com.storageplatform.kit.jobs.JobMetrics;
import com.storageplatform.kit.jobs.JobScheduler;
import com.storageplatform.kit.jobs.ScheduledJob;
import com.storageplatform.kit.operator.OperatorSettings;
import com.storageplatform.kit.ops.AdminRoutes;
import com.storageplatform.kit.ops.OutboxRoutes;
import com.storageplatform.kit.ops.ReadinessRoutes;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.outbox.OutboxCleanupJob;
import com.storageplatform.kit.outbox.OutboxRegistry;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.report.Reports;
import com.storageplatform.kit.request.IdempotencyCleanupJob;
import com.storageplatform.kit.request.IdempotencyMetrics;
import com.storageplatform.kit.request.IdempotencyStore;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.request.RequestDeadlineFilter;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.kit.web.JsonResponses;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.r2dbc.spi.ConnectionFactory;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.annotation.Qualifier;
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
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a service with a database gets: its migrations, a deadline and a transaction per request, idempotency,
 * outbox (and its admin routes), jobs.
 */
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
    CallerAccountFilter callerAccountFilter() {
        return new CallerAccountFilter();
    }

    /**
     * Every connection says whose request it serves, for the row-level security of {@link KitMigrations}; every
     * transaction begun is ended, even for a caller who has left.
     */
    @Bean
    static BeanPostProcessor accountConnections() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof ConnectionFactory pool && !(bean instanceof AccountConnections)) {
                    return new AccountConnections(pool);
                }
                if (bean instanceof ReactiveTransactionManager transactions
                        && !(bean instanceof EndedTransactions)) {
                    return new EndedTransactions(transactions);
                }
                return bean;
            }
        };
    }

    @Bean
    IdempotencyStore idempotencyStore(DatabaseClient db, Clock clock, JsonMapper mapper) {
        return new IdempotencyStore(db, clock, mapper);
    }

    @Bean
    MutationFilter mutationFilter(TransactionalOperator tx, IdempotencyStore store, DatabaseClient db,
            JsonResponses json, JsonMapper mapper, ObjectProvider<MeterRegistry> meters) {
        return new MutationFilter(tx, store, db, json, mapper, new IdempotencyMetrics(meterRegistry(meters)));
    }

    /** Every request's deadline; mutations are bounded inside the {@link MutationFilter}, which it names. */
    @Bean
    RequestDeadlineFilter requestDeadlineFilter(PlatformProperties properties) {
        return new RequestDeadlineFilter(properties.request().deadlineOrDefault());
    }

    /** Wakes the outbox relay when a transaction that wrote events commits. */
    @Bean
    WakeUpSignal outboxSignal() {
        return new WakeUpSignal();
    }

    @Bean
    OutboxRegistry outboxRegistry(DatabaseClient db, PlatformProperties properties, Clock clock) {
        return new OutboxRegistry(db, serviceName(properties), clock);
    }

    @Bean
    EventPublisher eventPublisher(OutboxRegistry outbox, JsonMapper mapper, Clock clock, PlatformProperties properties,
            @Qualifier("outboxSignal") WakeUpSignal outboxSignal) {
        return new EventPublisher(outbox, mapper, clock, serviceName(properties), outboxSignal);
    }

    private static String serviceName(PlatformProperties properties) {
        String service = properties.service().name();
        if (service == null || service.isBlank()) {
            throw new IllegalStateException("platform.service.name is not set: it names the schema and topic");
        }
        return service;
    }

    /** The parked outbox rows, for the platform admin: in production too. */
    @Bean
    RouterFunction<ServerResponse> outboxRoutes(OutboxRegistry outbox) {
        return OutboxRoutes.routes(outbox);
    }

    @Bean
    RouterFunction<ServerResponse> readinessRoutes(DatabaseClient db) {
        return ReadinessRoutes.routes(db);
    }

    /** Reports read the operator's time zone and currency from the service's {@link OperatorSettings}. */
    @Bean
    Reports reports(ObjectProvider<OperatorSettings> operators, Clock clock) {
        return new Reports(operators, clock);
    }

    @Bean
    IdempotencyCleanupJob idempotencyCleanupJob(IdempotencyStore store) {
        return new IdempotencyCleanupJob(store);
    }

    @Bean
    OutboxCleanupJob outboxCleanupJob(OutboxRegistry outbox, Clock clock) {
        return new OutboxCleanupJob(outbox, clock);
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
