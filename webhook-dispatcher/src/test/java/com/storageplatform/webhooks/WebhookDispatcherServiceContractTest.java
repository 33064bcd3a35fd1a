package com.storageplatform.webhooks;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.ServiceContract;
import com.storageplatform.kit.testsupport.TestCallers;

/** webhook-dispatcher boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@DispatcherTest
class WebhookDispatcherServiceContractTest extends ServiceContract {

    /** An unknown id: counted under its route's template, never under its own path. */
    @Override
    protected RouteProbe ownRoute() {
        return new RouteProbe("/v1/webhooks/" + Ids.newId(), TestCallers.apiCaller("webhooks:read"),
                "/v1/webhooks/{id}");
    }
}
