package com.storageplatform.catalogue;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;
import com.storageplatform.kit.testsupport.TestCallers;

/** catalogue-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class CatalogueServiceContractTest extends ServiceContract {

    /** An unknown id: counted under its route's template, never under its own path. */
    @Override
    protected RouteProbe ownRoute() {
        return new RouteProbe("/v1/sites/" + Ids.newId(), TestCallers.apiCaller("sites:read"), "/v1/sites/{id}");
    }
}
