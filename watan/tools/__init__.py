"""Looking at journals (comparing, summing up, documents for programs) and tournaments:
whole games without a terminal, each made by `watan.match`.
"""
