/** A small ECB reference-rates feed: two days, one currency Kassa does not support. */
export const ECB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time='2026-11-20'>
      <Cube currency='USD' rate='1.0577'/>
      <Cube currency='JPY' rate='163.52'/>
      <Cube currency='HUF' rate='410.35'/>
      <Cube currency='XYZ' rate='2.5'/>
    </Cube>
    <Cube time='2026-11-19'>
      <Cube currency='USD' rate='1.0612'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;
