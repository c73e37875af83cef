<?php
// The skeleton's console routes: the app adds no command of its own.
