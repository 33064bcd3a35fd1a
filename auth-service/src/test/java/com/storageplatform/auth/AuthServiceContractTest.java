package com.storageplatform.auth;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;
import com.storageplatform.kit.testsupport.TestCallers;

/** auth-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class AuthServiceContractTest extends ServiceContract {

    /** An unknown id: counted under its route's template, never under its own path. */
    @Override
    protected RouteProbe ownRoute() {
        return new RouteProbe("/admin/v1/operators/" + Ids.newId(), TestCallers.platformAdmin(),
                "/admin/v1/operators/{id}");
    }
}
