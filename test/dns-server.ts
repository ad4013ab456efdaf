import dns2 from 'dns2';

const { Packet } = dns2;

export type ZoneRecord =
  | { type: 'A' | 'AAAA'; value: string }
  | { type: 'CNAME'; value: string }
  | { type: 'TXT'; value: string };

const TYPES = {
  A: Packet.TYPE.A,
  AAAA: Packet.TYPE.AAAA,
  CNAME: Packet.TYPE.CNAME,
  TXT: Packet.TYPE.TXT,
};

/**
 * An authoritative DNS server on loopback (UDP, the `dns2` package) answering from a zone the
 * test edits as it goes: verification asks it through DNS_SERVERS, never the internet. A name
 * with a CNAME answers A/AAAA questions with the CNAME and what its target has, as a resolver
 * following the chain would see it.
 */
export class TestDnsServer {
  readonly zone = new Map<string, ZoneRecord[]>();
  private server?: ReturnType<typeof dns2.createServer>;
  address = '';

  set(name: string, records: ZoneRecord[]): void {
    this.zone.set(name.toLowerCase(), records);
  }

  clear(name: string): void {
    this.zone.delete(name.toLowerCase());
  }

  async start(): Promise<string> {
    this.server = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const question = request.questions[0];
        if (!question) return send(response);
        const name = question.name.toLowerCase();
        type Resource = (typeof response.answers)[number];
        const answer = (owner: string, record: ZoneRecord): Resource =>
          // The encoder reads these fields; the declared type is the decoder's richer object.
          ({
            name: owner,
            type: TYPES[record.type],
            class: Packet.CLASS.IN,
            ttl: 1,
            ...(record.type === 'CNAME'
              ? { domain: record.value }
              : record.type === 'TXT'
                ? { data: record.value }
                : { address: record.value }),
          }) as unknown as Resource;
        const records = this.zone.get(name);
        if (!records) {
          response.header.rcode = Packet.RCODE.NXDOMAIN;
          return send(response);
        }
        const wanted = records.filter((record) => TYPES[record.type] === question.type);
        const cname = records.find((record) => record.type === 'CNAME');
        if (wanted.length === 0 && cname && question.type !== Packet.TYPE.CNAME) {
          response.answers.push(answer(name, cname));
          for (const record of this.zone.get(cname.value) ?? []) {
            if (TYPES[record.type] === question.type)
              response.answers.push(answer(cname.value, record));
          }
        } else {
          for (const record of wanted) response.answers.push(answer(name, record));
        }
        return send(response);
      },
    });
    await this.server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    const udp = this.server.addresses().udp as { port: number };
    this.address = `127.0.0.1:${udp.port}`;
    return this.address;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
