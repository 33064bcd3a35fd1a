package com.storageplatform.webhooks;

import com.storageplatform.kit.testsupport.ServiceContract;

/** webhook-dispatcher boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@DispatcherTest
class WebhookDispatcherServiceContractTest extends ServiceContract {
}
