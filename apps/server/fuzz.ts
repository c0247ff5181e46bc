import fc from 'fast-check';
import { createDevnet } from './src/chain/devnet/index.ts';
const d = createDevnet({ manual: true }); const url = await d.start(0);
const paths = ['getnowblock','getblockbynum','getblock','getblockbyid','getaccount','createtransaction','triggersmartcontract','triggerconstantcontract','broadcasttransaction','gettransactionbyid','gettransactioninfobyid'].map(p=>'/wallet/'+p).concat(['/devnet/faucet','/devnet/produce','/walletsolidity/getblockbynum']);
let bad = 0;
await fc.assert(fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue(), fc.dictionary(fc.constantFrom('num','address','owner_address','to_address','amount','visible','raw_data','signature','txID','value','id_or_num','count','trx','usdt','contract_address','data','parameter','function_selector','fee_limit','call_value','detail'), fc.jsonValue()), async (p, j, dict) => {
  for (const body of [JSON.stringify(j), JSON.stringify(dict)]) {
    const r = await fetch(url + p, { method: 'POST', body });
    if (r.status >= 500) { bad++; console.log(p, body, await r.text()); }
  }
}), { numRuns: 1500 });
console.log('bad', bad);
await d.stop();
