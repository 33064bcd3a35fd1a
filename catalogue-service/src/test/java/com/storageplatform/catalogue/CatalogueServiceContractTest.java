package com.storageplatform.catalogue;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** catalogue-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class CatalogueServiceContractTest extends ServiceContract {
}
