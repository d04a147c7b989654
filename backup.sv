0
0 0 0 0 0 r h
0 0 0 0 0 r h
0 0 0 0 0 r h
0 0 0 0 0 r h
2 4 1 11 4 3 5 7 2 5 0 10 4 9 0 4 4 12 1 11 2 8 3 9 3 2 3 5 1 3 0 8 2 6 0 6 1 10
3
house-rules bank-trade,dev-cards,geese-start-on-park,seven-over-7
cards 0 0 0 vp-played 0
cards 0 0 0 vp-played 0
cards 0 0 0 vp-played 0
cards 0 0 0 vp-played 0
deck knight knight knight knight knight knight vp knight knight knight knight monopoly vp knight knight knight monopoly vp vp knight vp
card-played 0
