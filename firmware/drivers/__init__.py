"""Drivers for the shoe's chips, and register-level simulations of them for tests and the demo.

    from drivers.mfrc522 import MFRC522          # the RFID reader (real chip or SimMFRC522)
"""
