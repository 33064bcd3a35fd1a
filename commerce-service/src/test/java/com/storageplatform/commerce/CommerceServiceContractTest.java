package com.storageplatform.commerce;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** commerce-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class CommerceServiceContractTest extends ServiceContract {
}
