module ckg.local/bench/oracles/go

go 1.19
