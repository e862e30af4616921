-- wrk script (bench/lib/load.ts): every connection waits 100 ms before its first request, so that
-- the server has accepted all of them before the load starts. Without it, one saturated Node
-- process accepts one connection per turn of its event loop (libuv >= 1.45, libuv/libuv#3696),
-- so the last of 32 connections' first requests waits ~0.3-0.5 s behind the others' requests, and
-- wrk 4.1 turns each such request into n/interval made-up samples below it (stats_correct),
-- which alone moved a one-process p99 from ~40 ms to 90-240 ms (bench/README.md, session 27).
local unopened = 0

function init(args)
  unopened = tonumber(args[1])
end

function delay()
  if unopened > 0 then
    unopened = unopened - 1
    return 100
  end
  return 0
end
