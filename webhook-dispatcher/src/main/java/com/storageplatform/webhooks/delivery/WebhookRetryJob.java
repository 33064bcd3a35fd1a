package com.storageplatform.webhooks.delivery;

import com.storageplatform.kit.jobs.ScheduledJob;
import java.time.Duration;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code webhook-retry}: delivers every due delivery now and waits for the attempts to finish. The worker does
 * this by itself every quarter second; the job exists so tests and operators can run a sweep on demand
 * ({@code POST /admin/v1/jobs/webhook-retry/run} outside production).
 */
@Component
class WebhookRetryJob implements ScheduledJob {

    private final DeliveryWorker worker;

    WebhookRetryJob(DeliveryWorker worker) {
        this.worker = worker;
    }

    @Override
    public String name() {
        return "webhook-retry";
    }

    @Override
    public Duration interval() {
        return Duration.ofMinutes(1);
    }

    @Override
    public Mono<String> run() {
        return worker.sweepNow().map(count -> "attempted " + count + " deliveries");
    }
}
