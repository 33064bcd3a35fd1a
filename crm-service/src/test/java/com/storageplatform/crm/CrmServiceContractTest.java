package com.storageplatform.crm;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;

/** crm-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class CrmServiceContractTest extends ServiceContract {
}
